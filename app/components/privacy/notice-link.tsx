/** The line every form that collects personal information carries: where the privacy notice is. */
export function PrivacyNoticeLink({ className }: { className?: string }) {
  return (
    <p className={className ?? "text-sm text-muted-foreground"}>
      How the club uses and keeps your details, and your rights:{" "}
      <a href="/privacy" className="font-medium text-primary underline underline-offset-4">
        Privacy notice
      </a>
    </p>
  );
}
