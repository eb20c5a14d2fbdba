import { type SiteSettings, siteSettingsSchema } from '@gi/contracts';
import { buttonClass, byName, Field, TextAreaField, toast } from '@gi/ui';
import { type FormEvent, useState } from 'react';
import { type Row, RowList, withRowId } from '../../shared/row-list.tsx';
import section from '../../shared/section.module.css';
import styles from './contact-editor.module.css';
import { SettingsLoader } from './settings-loader.tsx';
import { useSettingsForm } from './use-settings-form.ts';

const contactSchema = siteSettingsSchema.pick({
  contactAddress: true,
  contactPhone1: true,
  contactPhone2: true,
  contactWhatsapp: true,
  contactEmail: true,
  hoursHome: true,
  hoursContact: true,
});

/** The API keeps at most one row per weekday. */
const MAX_HOURS_ROWS = 7;

type Hours = SiteSettings['hoursHome'];
type HoursKey = 'hoursHome' | 'hoursContact';
type HoursRow = Row<Hours[number]>;

interface HoursFieldsProps {
  name: HoursKey;
  legend: string;
  rows: HoursRow[];
  errors: Record<string, string>;
  onChange: (rows: HoursRow[]) => void;
}

/** Opening hours as rows of days and hours; the spec gives two readings (home and contact page). */
function HoursFields({ name, legend, rows, errors, onChange }: HoursFieldsProps) {
  return (
    <fieldset className={section.fieldset}>
      <legend>{legend}</legend>
      <RowList
        rows={rows}
        onChange={onChange}
        blank={() => ({ days: '', hours: '' })}
        max={MAX_HOURS_ROWS}
        rowClassName={styles.row}
        addLabel="Tambah baris"
        removeLabel={(index) => `Hapus baris ${index + 1} ${legend}`}
      >
        {(row, index, set) => (
          <>
            <Field
              label={`Hari ${index + 1}`}
              name={`${name}.${index}.days`}
              value={row.days}
              onChange={(event) => set('days', event.target.value)}
              error={errors[`${name}.${index}.days`]}
            />
            <Field
              label={`Jam ${index + 1}`}
              name={`${name}.${index}.hours`}
              value={row.hours}
              onChange={(event) => set('hours', event.target.value)}
              error={errors[`${name}.${index}.hours`]}
            />
          </>
        )}
      </RowList>
    </fieldset>
  );
}

function ContactForm({ settings }: { settings: SiteSettings }) {
  const [hours, setHours] = useState<Record<HoursKey, HoursRow[]>>(() => ({
    hoursHome: settings.hoursHome.map(withRowId),
    hoursContact: settings.hoursContact.map(withRowId),
  }));
  const { errors, saving, submit } = useSettingsForm(contactSchema, {
    onSaved: () => toast({ title: 'Berhasil', description: 'Informasi kontak berhasil disimpan' }),
    failure: 'Gagal menyimpan informasi kontak',
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    // A reading whose rows were all removed has no field left: it is an empty list.
    submit(event.currentTarget, (data) => ({ hoursHome: [], hoursContact: [], ...(byName(data) as object) }));
  }

  return (
    <form className={section.form} onSubmit={onSubmit} noValidate>
      <TextAreaField
        label="Alamat"
        name="contactAddress"
        rows={3}
        defaultValue={settings.contactAddress}
        error={errors.contactAddress}
        required
      />
      <Field
        label="Telepon 1"
        name="contactPhone1"
        type="tel"
        defaultValue={settings.contactPhone1}
        error={errors.contactPhone1}
        required
      />
      <Field
        label="Telepon 2 (opsional)"
        name="contactPhone2"
        type="tel"
        defaultValue={settings.contactPhone2}
        error={errors.contactPhone2}
      />
      <Field
        label="Nomor WhatsApp (opsional)"
        name="contactWhatsapp"
        type="tel"
        defaultValue={settings.contactWhatsapp}
        error={errors.contactWhatsapp}
        hint="Nomor ponsel untuk tombol WhatsApp di toko, mis. 0812-3456-7890. Kosongkan untuk menyembunyikan tombol."
      />
      <Field
        label="Email"
        name="contactEmail"
        type="email"
        defaultValue={settings.contactEmail}
        error={errors.contactEmail}
        required
      />
      <HoursFields
        name="hoursHome"
        legend="Jam Operasional di Beranda"
        rows={hours.hoursHome}
        errors={errors}
        onChange={(rows) => setHours((h) => ({ ...h, hoursHome: rows }))}
      />
      <HoursFields
        name="hoursContact"
        legend="Jam Operasional di Halaman Kontak"
        rows={hours.hoursContact}
        errors={errors}
        onChange={(rows) => setHours((h) => ({ ...h, hoursContact: rows }))}
      />
      <div className={section.buttons}>
        <button type="submit" className={buttonClass.primary} disabled={saving}>
          {saving ? 'Menyimpan...' : 'Simpan Informasi Kontak'}
        </button>
      </div>
    </form>
  );
}

/** contact: address, phones, email and both readings of the opening hours, shown to every visitor. */
export function ContactEditor() {
  return <SettingsLoader>{(settings) => <ContactForm settings={settings} />}</SettingsLoader>;
}
