import { afterEach, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '../test/render.tsx';
import { uploadPhoto } from './upload-image.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('sends a product photo with its copies and their widths, and answers the widths stored', async () => {
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width: 1200, height: 1200, close: vi.fn() })),
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: vi.fn(),
    imageSmoothingQuality: 'low',
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done: BlobCallback) =>
    done(new Blob([new Uint8Array(3)], { type: 'image/webp' })),
  );
  const fetch = mockApi({
    'POST /api/images': () =>
      Response.json(
        {
          url: '/images/k.webp',
          key: 'k.webp',
          contentType: 'image/webp',
          size: 10,
          widths: [320, 720, 1200],
        },
        { status: 201 },
      ),
  });
  const photo = new File([new Uint8Array(10)], 'parfum.webp', { type: 'image/webp' });
  expect(await uploadPhoto(photo)).toEqual({ url: '/images/k.webp', widths: [320, 720, 1200] });
  const sent = callsTo(fetch, 'POST /api/images')[0]?.body as FormData;
  expect(sent.get('widths')).toBe('320,720,1200');
  expect((sent.get('w320') as File).type).toBe('image/webp');
  expect((sent.get('w720') as File).type).toBe('image/webp');
});
