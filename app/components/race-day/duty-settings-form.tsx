import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { DUTY_LIMITS, DUTY_SETTINGS_TEXT, dutyRowField, type DutyDefinition } from "~/lib/race-day/duty-settings";

/** The club's default duties (issue 36 item 2): one row per duty, three empty rows to add one; a row left without a name is removed. */
export function DutySettingsForm({ duties }: { duties: DutyDefinition[] }) {
  const rows = [
    ...duties,
    ...Array.from({ length: Math.max(0, Math.min(3, DUTY_LIMITS.maxDuties - duties.length)) }, () => null),
  ];
  return (
    <Form method="post" action="/admin/settings/duties" className="space-y-3" aria-labelledby="duty-settings">
      <h2 id="duty-settings" className="text-lg font-semibold">
        {DUTY_SETTINGS_TEXT.heading}
      </h2>
      <p className="text-sm text-muted-foreground">{DUTY_SETTINGS_TEXT.intro}</p>
      <table className="text-sm">
        <thead>
          <tr>
            <th scope="col" className="pr-2 text-left font-medium">
              {DUTY_SETTINGS_TEXT.name}
            </th>
            <th scope="col" className="text-left font-medium">
              {DUTY_SETTINGS_TEXT.places}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((duty, i) => (
            <tr key={i}>
              <td className="py-1 pr-2">
                <Input
                  name={dutyRowField("name", i)}
                  aria-label={`${DUTY_SETTINGS_TEXT.name} ${i + 1}`}
                  defaultValue={duty?.name ?? ""}
                  maxLength={DUTY_LIMITS.maxName}
                />
              </td>
              <td className="py-1">
                <Input
                  name={dutyRowField("places", i)}
                  aria-label={`${DUTY_SETTINGS_TEXT.places} ${i + 1}`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={DUTY_LIMITS.maxPlaces}
                  defaultValue={duty?.places ?? 1}
                  fullWidth={false}
                  className="w-20"
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button type="submit">{DUTY_SETTINGS_TEXT.save}</Button>
    </Form>
  );
}
