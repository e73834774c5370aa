/** App paths that several areas link to. */

/** The credit chip's and the payment pages' target: the dashboard with the credits tab selected. */
export const CREDITS_TAB_PATH = '/dashboard?tab=credits';
