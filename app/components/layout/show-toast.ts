/**
 * The one place that shows a toast in the browser: after a redirect (the root layout), from an
 * action's answer, a fetcher's answer or a loader's failures. `Toaster` (toaster.tsx) draws it.
 * Pages without JavaScript get the same message in the page (`ServerToast`, `FormAlert`).
 */
import { useEffect } from "react";
import type { Toast } from "~/lib/util/toast";

/** A toast on screen; a new one replaces it (one visible at a time, as SPEC's toaster). */
export interface ShownToast extends Toast {
  id: number;
}

/**
 * Where the toast is drawn: the page's toaster, or the topmost open modal dialog's. A modal dialog
 * makes the rest of the page inert, so a toast outside it could be neither clicked nor announced.
 */
export interface ToastState {
  toast: ShownToast | null;
  host: string | null;
}

let state: ToastState = { toast: null, host: null };
const hosts: string[] = [];
const listeners = new Set<() => void>();
let lastId = 0;

function update(next: Partial<ToastState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const toastState = (): ToastState => state;

/** A toaster (`id`) mounts: from now on it shows the toast, until the returned release (it unmounts). */
export function addToastHost(id: string): () => void {
  hosts.push(id);
  update({ host: id });
  return () => {
    hosts.splice(hosts.indexOf(id), 1);
    update({ host: hosts.at(-1) ?? null });
  };
}

/** Shows a toast now, styled by its type. */
export function showToast(t: Toast): void {
  update({ toast: { ...t, id: ++lastId } });
}

/** Takes the toast away (its time is up or its close button was pressed), unless a newer one replaced it. */
export function dismissToast(id: number): void {
  if (state.toast?.id === id) update({ toast: null });
}

/**
 * Shows the toast (or each toast of a list) once the page has rendered, and again only when a new
 * value arrives (a new action answer or loader data), not on every render.
 */
export function useToast(t: Toast | readonly Toast[] | null | undefined): void {
  useEffect(() => {
    if (!t) return;
    for (const one of "title" in t ? [t] : t) showToast(one);
  }, [t]);
}
