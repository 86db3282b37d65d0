/** Lines of text in one summary value (an address). */
export function Lines({ lines }: { lines: string[] }) {
  return (
    <>
      {lines.map((line) => (
        <span className="summary-list__line" key={line}>
          {line}
        </span>
      ))}
    </>
  );
}
