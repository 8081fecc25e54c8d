/**
 * Watched time in minutes, to the hundredth: the one rounding every figure goes through, so a viewer's
 * total on the list, on their page and in the film's overview read alike and their sessions add up.
 */
export const minutesOf = (seconds: number) => Math.round((seconds / 60) * 100) / 100;
