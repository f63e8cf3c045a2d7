import jsQR from 'jsqr';
import type { Page } from 'playwright-core';

/** Rasterises the QR code's SVG at `selector` in the page (as a camera would see it) and decodes it with jsQR. */
export async function decodeQrInPage(page: Page, selector: string): Promise<string | undefined> {
  const image = await page.evaluate(async (selector) => {
    const svg = document.querySelector(selector) as SVGSVGElement;
    const side = 480;
    const img = new Image();
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = side;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, side, side);
    context.drawImage(img, 0, 0, side, side);
    return { side, data: Array.from(context.getImageData(0, 0, side, side).data) };
  }, selector);
  return jsQR(Uint8ClampedArray.from(image.data), image.side, image.side)?.data;
}
