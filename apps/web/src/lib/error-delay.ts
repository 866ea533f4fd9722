/** How long a field's error waits while typing goes on, so none flashes up mid-word. */
export const ERROR_DELAY_MS = 600;
