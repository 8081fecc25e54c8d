export function Spinner({ label }: { label: string }) {
  return <span className="watch-spinner" role="status" aria-label={label} />;
}
