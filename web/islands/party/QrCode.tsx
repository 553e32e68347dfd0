import encodeQR from '@paulmillr/qr';
import { useMemo } from 'react';

/**
 * A QR code of `text` as one SVG path (@paulmillr/qr, MIT/Apache-2.0, no dependencies): black
 * modules on white whatever the theme, since scanners want dark on light, with a quiet zone.
 */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const modules = encodeQR(text, 'raw', { ecc: 'medium', border: 2 });
    let d = '';
    modules.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { size: modules.length, path: d };
  }, [text]);
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-qr-text={text}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
