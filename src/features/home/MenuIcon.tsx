/**
 * Menu items name their icon with icon-font class names (e.g. "fa fa-user-md"). The portal ships no
 * icon font, so the names are matched to small inline drawings; anything unknown gets the clinic cross.
 */
const paths: [RegExp, string][] = [
  [/user-md|doctor|stethoscope/, 'M6 3v6a5 5 0 0 0 10 0V3M6 3H4m2 0h2m8 0h-2m2 0h2M11 14v2a5 5 0 0 0 10 0v-3m0 0a2 2 0 1 0 0-.01'],
  [/calendar/, 'M4 6h16v14H4zM4 10h16M8 3v5m8-5v5m-7 8 2 2 4-4'],
  [/medkit|plus-square|pharm|pills/, 'M4 8h16v12H4zM9 8V5h6v3m-3 3v6m-3-3h6'],
  [/comment|chat/, 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z'],
  [/clock/, 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4v5l3 2'],
  [/lock|shield/, 'M6 11h12v10H6zM8 11V8a4 4 0 0 1 8 0v3m-4 4v2'],
  [/heart/, 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z'],
];
const cross = 'M9 3h6v6h6v6h-6v6H9v-6H3V9h6z';

export function MenuIcon({ name, size = 28 }: { name: string; size?: number }) {
  const d = paths.find(([pattern]) => pattern.test(name))?.[1] ?? cross;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}
