require('@testing-library/jest-dom');
const { TextDecoder, TextEncoder } = require('node:util');

// react-router reaches for these at import time; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });
