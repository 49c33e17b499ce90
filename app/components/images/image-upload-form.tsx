import { useId, type ChangeEvent } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES, UPLOAD_ACCEPT } from "~/lib/images/images";
import { variantPath, type ImageRef } from "~/lib/platform/image-ref";

/**
 * Upload (or remove) one image: the club's logo or banner, or a race's picture. Plain forms that
 * post to /admin/images and come back to this page with a toast: they work without JavaScript,
 * and with it they still load the page afresh (a file is not something the page can send itself).
 */
/**
 * A file over the limit is refused in the browser before it is sent: the server would stop reading
 * it at the cap and could answer only with a bare 413, after the whole wait of the upload.
 */
function refuseTooLarge(event: ChangeEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const file = input.files?.[0];
  input.setCustomValidity(file && file.size > MAX_IMAGE_BYTES ? IMAGE_MESSAGES.tooLarge : "");
  input.reportValidity();
}

export function ImageUploadForm({
  label,
  hint,
  query,
  current,
}: {
  label: string;
  hint: string;
  /** Where the image goes: "purpose=logo", "purpose=race&race=12". */
  query: string;
  current: ImageRef | null | undefined;
}) {
  const id = useId();
  return (
    <div className="space-y-3 rounded-md border p-4">
      <div className="flex flex-wrap items-center gap-3">
        {current && (
          <img
            src={variantPath(current.hash, current.widths[0]!, "webp")}
            alt={`${label} now`}
            width={current.widths[0]}
            height={Math.max(1, Math.round((current.height * current.widths[0]!) / current.width))}
            className="h-12 w-auto rounded border bg-muted"
          />
        )}
        <p className="text-sm text-muted-foreground">{current ? `${label}: uploaded.` : `${label}: the built-in one.`}</p>
      </div>
      <form method="post" action={`/admin/images?${query}`} encType="multipart/form-data" className="space-y-2">
        <input type="hidden" name="intent" value="upload" />
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          name="image"
          type="file"
          accept={UPLOAD_ACCEPT}
          required
          aria-describedby={`${id}-hint`}
          onChange={refuseTooLarge}
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint} JPEG, PNG or WebP, at most {MAX_IMAGE_BYTES / 1024 / 1024} MB. Location and camera details are removed.
        </p>
        <Button type="submit" size="sm">
          Upload
        </Button>
      </form>
      {current && (
        <form method="post" action={`/admin/images?${query}`}>
          <Button type="submit" name="intent" value="remove" variant="outline" size="sm">
            Remove {label.toLowerCase()}
          </Button>
        </form>
      )}
    </div>
  );
}
