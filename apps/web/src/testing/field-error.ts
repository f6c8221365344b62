/** The error text shown for a form control, found through its aria-describedby; undefined when it has none. */
export const fieldErrorOf = (control: HTMLElement): string | undefined =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('field__error'))?.textContent ?? undefined;
