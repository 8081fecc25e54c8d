/**
 * Whether keyboard focus is on nothing: the element that had it went away (a dialog closed, a page
 * changed, a button unmounted), so the next Tab would start again from the top of the page.
 */
export const focusLost = () => document.activeElement === null || document.activeElement === document.body;
