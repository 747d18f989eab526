import { useEffect, useState } from 'react';

/**
 * The deposit address as a QR code, drawn in the browser (no outside service sees the address); hidden if it fails.
 * The QR encoder (qrcode, ~8 kB brotli) loads only here, after the page has rendered; until the code is drawn a frame of
 * the same size holds its place, so nothing moves when it appears.
 */
export function DepositQrCode({ address }: { address: string }) {
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setImage(null);
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(address, { width: 256, margin: 1, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (current) setImage(url);
      })
      .catch((error: unknown) => {
        console.error('QR code rendering failed', error);
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [address]);

  if (failed) return null;
  if (!image) {
    return (
      <div
        aria-hidden="true"
        className="h-48 w-48 animate-pulse rounded-xl border border-slate-200 bg-slate-50 sm:h-52 sm:w-52"
      />
    );
  }
  return (
    <img
      src={image}
      width={256}
      height={256}
      alt={`QR code of the deposit address ${address}`}
      onError={() => setFailed(true)}
      className="h-48 w-48 rounded-xl border border-slate-200 bg-white p-2 sm:h-52 sm:w-52"
    />
  );
}
