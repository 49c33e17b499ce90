/** A message shown once as a toast (app/components/layout/toaster.tsx), e.g. after a form redirects. */
export interface Toast {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
}
