require('@testing-library/jest-dom');
const { TextDecoder, TextEncoder } = require('node:util');

// react-router reaches for these at import time; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Recharts' ResponsiveContainer measures its box with ResizeObserver, which jsdom lacks; the
// charts then draw at zero size (their numbers are asserted through the tables beside them).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
