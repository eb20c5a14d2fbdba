import { uploadedImageSchema } from '../schemas/catalog.ts';
import { adminOnly, endpoint, errorAnswer, fileBody, jsonAnswer } from './define.ts';

/** The Worker sets the upload's own body limit (the image and its smaller copies). */
export const upload = endpoint({
  method: 'post',
  path: '/images',
  tags: ['Gambar'],
  summary: 'Unggah gambar katalog',
  description:
    'Field `file`, paling besar 5 MB, JPEG/PNG/WebP/GIF/AVIF menurut isinya, dengan salinan WebP lebih kecil (`widths`, `w320`, `w720`) bila ada.',
  policy: { ...adminOnly('catalog'), upload: true },
  request: { body: fileBody },
  responses: {
    201: jsonAnswer(uploadedImageSchema, 'Gambar tersimpan'),
    400: errorAnswer('Gambar tidak valid'),
    413: errorAnswer('Gambar terlalu besar'),
    415: errorAnswer('Bukan multipart/form-data'),
  },
});
