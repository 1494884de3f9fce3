import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "@domain/constants";
import { useSyncExternalStore } from "react";

/**
 * docs/product/life-cycle.md and docs/product/rating.md toasts: each has an id, title, description, an optional action and a default or
 * destructive variant; at most TOAST_LIMIT show at once (a new one replaces the oldest), and a dismissed
 * one stays in the list (closed, so Radix can animate it out) until TOAST_REMOVE_DELAY_MS has passed.
 * A module-level store lets any code (mutations, download helpers) raise a toast without a hook.
 */
export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: { label: string; altText: string; onClick: () => void };
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function toast(input: ToastInput): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export function dismissToast(id: string) {
  emit(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
  scheduleRemoval(id);
}

export function subscribeToToasts(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts as they are now (the store's snapshot). */
export function readToasts(): ToastItem[] {
  return toasts;
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribeToToasts, readToasts);
}
