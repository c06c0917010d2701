/** On phones the dashboard tables scroll sideways; say so above them. */
export function ScrollHint() {
  return (
    <p className="mb-2 text-xs text-slate-500 sm:hidden dark:text-slate-400">
      Swipe the table sideways to see every column.
    </p>
  );
}
