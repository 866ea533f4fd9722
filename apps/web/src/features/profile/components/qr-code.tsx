import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * `text` as a QR code, drawn as one SVG path in the page (no image request, sharp at any size):
 * what an authenticator app scans. `label` is what it says to a screen reader.
 */
export const QrCode = ({ text, label }: { text: string; label: string }) => {
  const { size, path } = useMemo(() => {
    const code = encode(text, { border: 2 });
    const squares: string[] = [];
    code.data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) squares.push(`M${x} ${y}h1v1h-1z`);
      }),
    );
    return { size: code.size, path: squares.join('') };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="size-44 rounded-md border border-slate-200 bg-white"
    >
      <path d={path} fill="#0f172a" />
    </svg>
  );
};
