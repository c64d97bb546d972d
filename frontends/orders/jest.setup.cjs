require('@testing-library/jest-dom');
const { TextDecoder, TextEncoder } = require('node:util');

// react-router reaches for these at import time; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// findBy*/waitFor wait up to 5 s (not 1 s): the shared 2-core machines are often busy.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
