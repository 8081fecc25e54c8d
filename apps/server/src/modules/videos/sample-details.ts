/** The sample's length as its description says it: "one-minute", "2-minute", "20-second". */
function lengthWords(seconds: number) {
  if (seconds % 60 !== 0) return `${seconds}-second`;
  const minutes = seconds / 60;
  return minutes === 1 ? 'one-minute' : `${minutes}-minute`;
}

/** "An" before a length read with a vowel sound: eight, eleven, eighteen, eighty… */
const article = (words: string) => (/^(8|11-|18-)/.test(words) ? 'An' : 'A');

/** The sample film's title, description and director; its length is configured (SAMPLE_FILM_SECONDS). */
export const sampleDetails = (seconds: number) => {
  const length = lengthWords(seconds);
  return {
    title: 'A Screenroom sample',
    description: `${article(length)} ${length} sample screener to try sharing with: send yourself a link, watch it, and see your session appear.`,
    director: 'Screenroom',
  };
};
