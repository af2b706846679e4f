import QRCode from 'qrcode';
import { useMemo } from 'react';

/** A QR code drawn as SVG in the page (no canvas, no image fetched from anywhere). */
export function QrCode({ text, label, size = 192 }: { text: string; label: string; size?: number }) {
  const path = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const parts: string[] = [];
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) {
        if (modules.get(row, col)) parts.push(`M${col + 4},${row + 4}h1v1h-1z`);
      }
    }
    return { d: parts.join(''), extent: modules.size + 8 };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${path.extent} ${path.extent}`}
      shapeRendering="crispEdges"
      className="qr"
    >
      <rect width={path.extent} height={path.extent} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}
