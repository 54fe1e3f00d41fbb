/**
 * After a refused save, focus moves to the first field with an error (STYLE.md: focus moves to the error), so a
 * keyboard or screen-reader user lands where the message is. Runs after React has drawn the messages.
 */
export function focusFirstError(form: HTMLFormElement | null | undefined): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
