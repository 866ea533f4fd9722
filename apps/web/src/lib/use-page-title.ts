import { useEffect } from 'react';
import { usePortalName } from './studio';

/** Sets `document.title` to '{prefix} | {portal name}' (spec §2), or the portal name alone. */
export const usePageTitle = (prefix: string | null | undefined) => {
  const portalName = usePortalName();
  useEffect(() => {
    document.title = prefix ? `${prefix} | ${portalName}` : portalName;
  }, [prefix, portalName]);
};
