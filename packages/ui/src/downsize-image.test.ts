import { afterEach, describe, expect, it, vi } from 'vitest';
import { downsizeImage, MAX_IMAGE_SIDE, photoCopies, targetSize } from './downsize-image.ts';

afterEach(() => vi.unstubAllGlobals());

describe('targetSize', () => {
  it('brings the longest side down to 1600 px, keeping the aspect ratio', () => {
    expect(targetSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(targetSize(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(targetSize(6000, 1000)).toEqual({ width: 1600, height: 267 });
  });

  it('leaves images that already fit, and never enlarges', () => {
    expect(targetSize(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(targetSize(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('keeps at least one pixel on a very thin image', () => {
    expect(targetSize(100_000, 10)).toEqual({ width: MAX_IMAGE_SIDE, height: 1 });
  });
});

describe('downsizeImage', () => {
  const file = (type: string, size = 10) => new File([new Uint8Array(size)], 'foto', { type });

  function stubBitmap(width: number, height: number) {
    const close = vi.fn();
    const create = vi.fn(async () => ({ width, height, close }));
    vi.stubGlobal('createImageBitmap', create);
    return { create, close };
  }

  function stubCanvas(blob: Blob | null) {
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage,
      imageSmoothingQuality: 'low',
    } as unknown as CanvasRenderingContext2D);
    const toBlob = vi
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((done: BlobCallback) => done(blob));
    return { drawImage, toBlob };
  }

  it('sends a GIF as it is, without decoding it (its animation would be lost)', async () => {
    const { create } = stubBitmap(4000, 3000);
    const gif = file('image/gif');
    expect(await downsizeImage(gif)).toBe(gif);
    expect(create).not.toHaveBeenCalled();
  });

  it('sends an image that already fits as it is', async () => {
    const { close } = stubBitmap(1200, 800);
    const jpeg = file('image/jpeg');
    expect(await downsizeImage(jpeg)).toBe(jpeg);
    expect(close).toHaveBeenCalled();
  });

  it('redraws a large JPEG at the target size and keeps its type and name', async () => {
    stubBitmap(4000, 3000);
    const { drawImage, toBlob } = stubCanvas(new Blob([new Uint8Array(5)], { type: 'image/jpeg' }));
    const result = await downsizeImage(file('image/jpeg', 50));
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 1600, 1200);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.85);
    expect(result.type).toBe('image/jpeg');
    expect(result.name).toBe('foto');
    expect(result.size).toBe(5);
  });

  it('keeps the original when the browser cannot encode the type', async () => {
    stubBitmap(4000, 3000);
    stubCanvas(new Blob([new Uint8Array(5)], { type: 'image/png' }));
    const webp = file('image/webp', 50);
    expect(await downsizeImage(webp)).toBe(webp);
  });

  it('sends the file as it is when the browser cannot decode it', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        throw new DOMException('bad image');
      }),
    );
    const jpeg = file('image/jpeg');
    expect(await downsizeImage(jpeg)).toBe(jpeg);
  });
});

describe('photoCopies', () => {
  const photo = () => new File([new Uint8Array(10)], 'foto.jpg', { type: 'image/jpeg' });

  function stub(width: number, height: number, type = 'image/webp') {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width, height, close: vi.fn() })),
    );
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage,
      imageSmoothingQuality: 'low',
    } as unknown as CanvasRenderingContext2D);
    const toBlob = vi
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((done: BlobCallback) => done(new Blob([new Uint8Array(3)], { type })));
    return { drawImage, toBlob };
  }

  it('draws a WebP copy at each of 320 and 720 px wide, keeping the aspect ratio', async () => {
    const { drawImage, toBlob } = stub(1600, 1200);
    const { width, copies } = await photoCopies(photo());
    expect(width).toBe(1600);
    expect(copies.map((copy) => copy.width)).toEqual([320, 720]);
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 320, 240);
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 720, 540);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/webp', 0.8);
  });

  it('makes only the copies narrower than the photo', async () => {
    stub(500, 500);
    expect((await photoCopies(photo())).copies.map((copy) => copy.width)).toEqual([320]);
    stub(300, 300);
    expect(await photoCopies(photo())).toEqual({ width: 300, copies: [] });
  });

  it('makes none when the browser cannot encode WebP or decode the photo', async () => {
    stub(1600, 1200, 'image/png');
    expect(await photoCopies(photo())).toEqual({ width: 1600, copies: [] });
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        throw new DOMException('bad image');
      }),
    );
    expect(await photoCopies(photo())).toEqual({ width: 0, copies: [] });
  });
});
