import { Checkbox } from "~/components/ui/checkbox";
import { FieldError } from "~/components/ui/label";
import { type FieldMetadata, getCollectionProps } from "~/components/ui/use-zod-form";

/**
 * The boat classes of a registration form: one checkbox per class in a fieldset, and the list's
 * message (its own, or the first of its items').
 */
export function BoatClassFieldset({
  field,
  legend,
  options,
  label = (value) => value,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  field: FieldMetadata<any>;
  legend: string;
  options: readonly string[];
  /** The text beside a box, from the class it posts. */
  label?: (value: string) => string;
}) {
  const errors = field.errors ?? Object.values(field.allErrors).flat();
  return (
    <fieldset className="space-y-2" aria-describedby={errors.length ? field.errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {getCollectionProps(field, { type: "checkbox", options: [...options] }).map((props) => (
          <label key={props.key} className="flex items-center gap-2 text-sm">
            <Checkbox {...props} key={props.key} />
            {label(props.value)}
          </label>
        ))}
      </div>
      <FieldError id={field.errorId} errors={errors} />
    </fieldset>
  );
}
