/**
 * The check-in link as a QR code (decision 080): a phone's camera opens /check-in/CODE. The `qrcode` package is
 * fetched with this component only, never with a page a visitor opens; the code is drawn as an SVG image.
 */
import { useEffect, useState } from "react";

export function CheckInQr({ link, size = 240 }: { link: string; size?: number }) {
  const [image, setImage] = useState<{ link: string; src: string } | null>(null);
  useEffect(() => {
    let gone = false;
    void import("qrcode").then(async (qrcode) => {
      const svg = await qrcode.toString(link, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
      if (!gone) setImage({ link, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
    });
    return () => {
      gone = true;
    };
  }, [link]);
  return image?.link === link ? (
    <img
      src={image.src}
      width={size}
      height={size}
      alt={`QR code of ${link}`}
      data-testid="check-in-qr"
      className="rounded-xl bg-white p-2"
    />
  ) : (
    <div
      role="status"
      aria-label="Drawing the QR code"
      style={{ width: size, height: size }}
      className="animate-pulse rounded-xl bg-surface-raised"
    />
  );
}
