/**
 * Why a Vitest run failed when none of its tests did: an error thrown outside every test (Vitest's
 * "Unhandled Errors" block, which makes the run exit 1 with all tests green), or a runner that did not
 * close. CI shows only the end of a run's output, so the summary repeats this part there.
 */
export function unexplainedFailure(output, maxLines = 40) {
  // Vitest colours its output even when asked not to; the colour codes would hide the lines' starts.
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const start = lines.findIndex((line) => /Unhandled (Errors?|Rejections?)\b/.test(line));
  if (start < 0) return lines.slice(-12).join('\n');
  const end = lines.findIndex((line, i) => i > start && /^\s*Test Files\s/.test(line));
  return lines
    .slice(start, end > start ? end : undefined)
    .slice(0, maxLines)
    .join('\n')
    .trimEnd();
}
