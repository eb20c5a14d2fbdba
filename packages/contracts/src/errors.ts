/** The one error shape of the API: `{ error: { code, message, fields? } }`. */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}
