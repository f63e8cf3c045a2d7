export type { ExitError } from '@latch/core';
export type { PhoneInputResult } from './components/PhoneInput.js';
export { LatchEmbed } from './LatchEmbed.js';
export { LatchProvider, type LatchProviderProps, type LoginCompleteResult } from './LatchProvider.js';
export { en, type Strings } from './strings/en.js';
export { WIDGET_CSS } from './styles/widgetCss.js';
export { type UseLatch, useLatch } from './useLatch.js';
