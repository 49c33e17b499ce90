/**
 * What the settings screen's duty form needs, and nothing else: the admin settings screen's script
 * is at its byte budget, and `duties.ts` brings the roster's form schemas with it (issue 36 item 2,
 * decision 0058).
 */

export interface DutyDefinition {
  name: string;
  /** How many people the duty needs. */
  places: number;
}

export const DUTY_LIMITS = { maxDuties: 12, maxPlaces: 20, maxName: 40 } as const;

/** The settings form's field names: one row per duty, `name[0]`/`places[0]` onwards; a row without a name is left out. */
export const dutyRowField = (field: "name" | "places", row: number) => `${field}[${row}]`;

/** The settings form. */
export const DUTY_SETTINGS_TEXT = {
  heading: "Duties at a race",
  intro:
    "The duties every race needs and how many people each. A race's roster starts from this list; change it per race on its Duties page.",
  name: "Duty",
  places: "People",
  save: "Save duties",
  saved: "New races' rosters start from this list.",
} as const;
