// Phones on the site (decision 069): stored in E.164, shown as a person writes them. Formatting
// and the real-number check need libphonenumber's numbering metadata (about 30 KiB gzip), so it
// is fetched when a page first shows or checks a phone; pages without one never carry it.
import { useEffect, useState } from 'react';

export type PhoneTools = typeof import('./phone-tools.ts');

let tools: PhoneTools | undefined;
let loading: Promise<PhoneTools> | undefined;

/** The phone tools, fetched once per page. */
export function loadPhoneTools(): Promise<PhoneTools> {
  loading ??= import('./phone-tools.ts').then((loaded) => {
    tools = loaded;
    return loaded;
  });
  return loading;
}

/** The phone tools once fetched (undefined until then); asking starts the fetch. */
export function usePhoneTools(): PhoneTools | undefined {
  const [loaded, setLoaded] = useState(tools);
  useEffect(() => {
    if (!loaded) void loadPhoneTools().then(setLoaded);
  }, [loaded]);
  return loaded;
}

/** Shows a stored phone: "07700 900123" once the tools are here, the stored form until then. */
export function usePhoneText(): (stored: string) => string {
  const loaded = usePhoneTools();
  return (stored) => (loaded ? loaded.formatPhone(stored) : stored);
}
