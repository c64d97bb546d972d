// The problems and notes every validator reports into; main prints them.

// ------------------------------------------------------------------------- reporting
export const problems = [];
export const notes = [];
export const error = (file, message) => problems.push({ level: 'error', file, message });
export const warn = (file, message) => problems.push({ level: 'warning', file, message });
export const note = (message) => notes.push(message);
