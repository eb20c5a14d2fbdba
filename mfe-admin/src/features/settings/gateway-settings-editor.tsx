import {
  type GatewaySettings,
  gatewayChannelLabels,
  gatewayChannels,
  gatewaySettingsSchema,
} from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { buttonClass, Field, toast, toastError } from '@gi/ui';
import { ErrorState, LoadingState } from '@gi/ui/states';
import { type FormEvent, useState } from 'react';
import section from '../../shared/section.module.css';

const gatewaySettingsQuery = queryOptions({
  queryKey: ['admin', 'gateway-settings'] as const,
  queryFn: () => api('GET /admin/settings/gateway'),
});

/** '15.000' or '15000' as rupiah; anything else stays text, which the schema refuses in Indonesian. */
const rupiahOf = (text: string): unknown => {
  const digits = text.trim().replace(/\./g, '');
  return /^-?\d+$/.test(digits) ? Number(digits) : text;
};

function GatewayForm({ settings }: { settings: GatewaySettings }) {
  const client = useQueryClient();
  const [channels, setChannels] = useState(new Set(settings.channels));
  const [manualTransfer, setManualTransfer] = useState(settings.manualTransfer);
  const [codEnabled, setCodEnabled] = useState(settings.cod.enabled);
  const [codFee, setCodFee] = useState(String(settings.cod.fee));
  const [codMax, setCodMax] = useState(String(settings.cod.maxOrderValue));
  const [errors, setErrors] = useState<{ fee?: string; maxOrderValue?: string }>({});
  const save = useMutation({
    mutationFn: (input: GatewaySettings) => api('PUT /admin/settings/gateway', { body: input }),
    onSuccess: (saved) => client.setQueryData(gatewaySettingsQuery.queryKey, saved),
  });

  function toggle(channel: (typeof gatewayChannels)[number], on: boolean) {
    setChannels((current) => {
      const next = new Set(current);
      if (on) next.add(channel);
      else next.delete(channel);
      return next;
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = gatewaySettingsSchema.safeParse({
      channels: [...channels],
      manualTransfer,
      cod: { enabled: codEnabled, fee: rupiahOf(codFee), maxOrderValue: rupiahOf(codMax) },
    });
    if (!parsed.success) {
      const at = (field: string) => parsed.error.issues.find((issue) => issue.path[1] === field)?.message;
      setErrors({ fee: at('fee'), maxOrderValue: at('maxOrderValue') });
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () =>
        toast({ title: 'Berhasil', description: 'Metode pembayaran gateway berhasil disimpan' }),
      onError: (error) => toastError(errorMessage(error, 'Gagal menyimpan metode pembayaran gateway')),
    });
  }

  return (
    <form onSubmit={onSubmit} aria-labelledby="gateway-settings-title">
      <fieldset>
        <legend>Metode yang ditawarkan lewat Midtrans</legend>
        {gatewayChannels.map((channel) => (
          <label key={channel}>
            <input
              type="checkbox"
              checked={channels.has(channel)}
              onChange={(event) => toggle(channel, event.currentTarget.checked)}
            />{' '}
            {gatewayChannelLabels[channel]}
          </label>
        ))}
      </fieldset>
      <label>
        <input
          type="checkbox"
          checked={manualTransfer}
          onChange={(event) => setManualTransfer(event.currentTarget.checked)}
        />{' '}
        Tetap tawarkan transfer manual dengan bukti transfer
      </label>
      <fieldset>
        <legend>Bayar di Tempat (COD)</legend>
        <p>
          Pembeli membayar tunai ke kurir saat paket tiba. Hanya ditawarkan untuk ongkir tarif kurir langsung
          yang layanannya mendukung COD; pesanan langsung masuk 'Diproses' dan dianggap lunas saat kurir
          melaporkan paket terkirim.
        </p>
        <label>
          <input
            type="checkbox"
            checked={codEnabled}
            onChange={(event) => setCodEnabled(event.currentTarget.checked)}
          />{' '}
          Tawarkan Bayar di Tempat (COD)
        </label>
        <Field
          label="Biaya COD (Rp)"
          name="codFee"
          inputMode="numeric"
          value={codFee}
          onChange={(event) => setCodFee(event.currentTarget.value)}
          hint="Ditambahkan ke pesanan sebagai baris tersendiri"
          error={errors.fee}
        />
        <Field
          label="Batas nilai pesanan COD (Rp)"
          name="codMaxOrderValue"
          inputMode="numeric"
          value={codMax}
          onChange={(event) => setCodMax(event.currentTarget.value)}
          hint="Di atas total ini COD tidak ditawarkan; 0 berarti tanpa batas"
          error={errors.maxOrderValue}
        />
      </fieldset>
      <div className={section.buttons}>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {save.isPending ? 'Menyimpan...' : 'Simpan Metode Gateway'}
        </button>
      </div>
    </form>
  );
}

/**
 * Which gateway channels the shop offers, whether the manual transfer stays (decision 026) and
 * cash on delivery with its fee and limit (decision 034).
 */
export function GatewaySettingsEditor() {
  const settings = useQuery(gatewaySettingsQuery);
  return (
    <section className={section.card}>
      <h3 id="gateway-settings-title" className={section.subheading}>
        Pembayaran Otomatis (Midtrans)
      </h3>
      <p>
        QRIS, virtual account dan e-wallet dikonfirmasi otomatis oleh gateway, tanpa pemeriksaan admin. Tanpa
        server key Midtrans di Worker, metode ini tidak ditawarkan.
      </p>
      {settings.isPending ? (
        <LoadingState>Memuat metode gateway...</LoadingState>
      ) : settings.isError ? (
        <ErrorState message="Gagal memuat metode gateway" onRetry={() => settings.refetch()} />
      ) : (
        <GatewayForm settings={settings.data} />
      )}
    </section>
  );
}
