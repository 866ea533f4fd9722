import { useEffect } from 'react';

/**
 * While `armed`, closing or reloading the tab asks first — the browser's own `beforeunload`
 * prompt, with its own text — whenever `unsaved()` (if given) says so at that moment.
 */
export const useBeforeUnload = (armed: boolean, unsaved?: () => boolean, message = '') => {
  useEffect(() => {
    if (!armed) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (unsaved && !unsaved()) return;
      event.preventDefault();
      // Older browsers show their prompt only with returnValue set.
      event.returnValue = message;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [armed, unsaved, message]);
};
