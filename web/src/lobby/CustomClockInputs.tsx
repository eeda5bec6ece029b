// The inputs of a custom clock in the create form: the bank (days and hours), the increment a
// move adds (hours) and the cap the bank never grows beyond (days, 0 = none).
import type { CustomClockFields } from "./customClock";

export function CustomClockInputs(props: { value: CustomClockFields; onChange: (v: CustomClockFields) => void }) {
  const field = (key: keyof CustomClockFields, label: string) => (
    <label>
      {label}
      <input type="number" min="0" step="1" inputMode="numeric" name={`clock-${key}`} value={props.value[key]}
        onInput={(e) => props.onChange({ ...props.value, [key]: e.currentTarget.value })} />
    </label>
  );
  return (
    <fieldset class="custom-clock">
      <legend>Custom clock</legend>
      {field("bankDays", "Bank days")}
      {field("bankHours", "Bank hours")}
      {field("incrementHours", "Increment hours per move")}
      {field("capDays", "Cap days (0 = none)")}
    </fieldset>
  );
}
