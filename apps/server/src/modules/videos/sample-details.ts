/** The sample's length as its description says it: "one-minute", "2-minute", "20-second". */
function lengthWords(seconds: number) {
  if (seconds % 60 !== 0) return `${seconds}-second`;
  const minutes = seconds / 60;
  return minutes === 1 ? 'one-minute' : `${minutes}-minute`;
}

/** The sample film's title, description and director; its length is configured (SAMPLE_FILM_SECONDS). */
export const sampleDetails = (seconds: number) => ({
  title: 'A Screenroom sample',
  description: `A ${lengthWords(seconds)} sample screener to try sharing with: send yourself a link, watch it, and see your session appear.`,
  director: 'Screenroom',
});
