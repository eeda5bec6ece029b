// Whether the window is a phone's (narrow), following it as it turns or resizes. The width is the
// one styles.css lays the phone out at.
import { useEffect, useState } from "preact/hooks";

export const kPhoneQuery = "(max-width: 640px)";

export function usePhone(): boolean {
  const [phone, setPhone] = useState(() => typeof matchMedia === "function" && matchMedia(kPhoneQuery).matches);
  useEffect(() => {
    if (typeof matchMedia !== "function") return;
    const query = matchMedia(kPhoneQuery);
    const changed = () => setPhone(query.matches);
    changed();
    query.addEventListener("change", changed);
    return () => query.removeEventListener("change", changed);
  }, []);
  return phone;
}
