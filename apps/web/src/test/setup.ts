import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// findBy…/waitFor give a screen 5 s to appear rather than 1 s: CI runs the server's suite beside
// these on two cores, and a large screen rendered in the background (the test plan's deferred
// board) then took longer than a second, failing a test whose screen was right.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks a few browser APIs that Radix UI and sonner call (pointer capture, scrolling, resize).
if (!Element.prototype.setPointerCapture) {
  Element.prototype.setPointerCapture = () => undefined;
  Element.prototype.releasePointerCapture = () => undefined;
  Element.prototype.hasPointerCapture = () => false;
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
