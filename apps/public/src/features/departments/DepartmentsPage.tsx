import { useState } from 'react';
import { ContactLeaderModal } from '../../components/ui/ContactLeaderModal';
import { PageTitle } from '../../components/ui/Page';
import { formatNumber, localized, localizedList, type MessageKey, provide, t } from '../../i18n';
import { useChurchSettings } from '../../lib/settings';
import { useDepartments, type DepartmentRow } from './api/queries';
import { DEPARTMENT_FILTERS, filterDepartments, type DepartmentFilter } from './filters';
import './departments.css';
import { ministries as ministriesTexts } from '../../i18n/en/ministries';
import { contact as contactTexts } from '../../i18n/en/contact';

provide(ministriesTexts);
provide(contactTexts);

const CATEGORY_LABEL: Record<string, MessageKey> = {
  administrative: 'ministries.departmentAdministrative',
  ministry: 'ministries.departmentMinistry',
};

/** A category's label in the active language; another category as stored. */
function categoryLabel(category: string): string {
  const key = CATEGORY_LABEL[category];
  return key ? t(key) : category;
}

function DepartmentCard({ department, onContact }: { department: DepartmentRow; onContact: (department: DepartmentRow) => void }) {
  // The visitor reads the Kiswahili texts when staff filled them in (per field); the church office
  // is told the English name.
  const name = localized(department, 'name');
  const description = localized(department, 'description');
  const responsibilities = localizedList(department, 'responsibilities');
  return (
    <li className="department-card" style={{ borderTopColor: department.color ?? '#123c69' }}>
      <span className="department-badge">{categoryLabel(department.category)}</span>
      <h3>{name}</h3>
      {department.head ? (
        <p className="department-head">
          <span>{t('ministries.departmentHead')}</span> {department.head}
        </p>
      ) : null}
      {description ? <p className="department-description">{description}</p> : null}
      {responsibilities.length ? (
        <>
          <h4>{t('ministries.keyResponsibilities')}</h4>
          <ul className="department-duties">
            {responsibilities.map((duty) => (
              <li key={duty}>{duty}</li>
            ))}
          </ul>
        </>
      ) : null}
      <button
        type="button"
        className="button department-contact"
        onClick={() => {
          onContact(department);
        }}
        aria-label={t('ministries.contactDepartmentFor', { name })}
      >
        {t('ministries.contactDepartment')}
      </button>
    </li>
  );
}

/** Contact Department (spec §2): a Send Message form addressed to the department head. */
function ContactDepartmentModal({ department, onClose }: { department: DepartmentRow | null; onClose: () => void }) {
  return (
    <ContactLeaderModal
      title={department ? t('contact.contactName', { name: localized(department, 'name') }) : ''}
      recipient={
        department
          ? {
              name: department.head ?? department.name,
              // A department without a head is addressed by its name, in the visitor's language.
              ...(department.head ? {} : { nameLabel: localized(department, 'name') }),
              // Role and department go to the church office in English; the visitor reads them in
              // their language (issue 32).
              role: 'Department Head',
              roleLabel: t('ministries.departmentHeadRole'),
              department: department.name,
              departmentLabel: localized(department, 'name'),
            }
          : null
      }
      onClose={onClose}
    />
  );
}

export default function DepartmentsPage() {
  const settings = useChurchSettings();
  const read = useDepartments();
  const [filter, setFilter] = useState<DepartmentFilter>('all');
  const [contact, setContact] = useState<DepartmentRow | null>(null);
  const shown = read.data ? filterDepartments(read.data, filter) : [];

  return (
    <div className="departments-page">
      <PageTitle title={t('ministries.departmentsTitle')} />
      <header className="departments-hero">
        <h1>{t('ministries.departmentsTitle')}</h1>
        <p>{t('ministries.departmentsHeroText', { name: settings.name })}</p>
      </header>

      <div className="departments-wrap">
        {/* The cards' h3 names sit under an h2, in order after the h1 (issue 32). */}
        <h2 className="visually-hidden">{t('ministries.departmentsListHeading')}</h2>
        <div className="department-filters" role="group" aria-label={t('ministries.filterDepartments')}>
          {DEPARTMENT_FILTERS.map(({ value, label }) => (
            <button
              key={value}
              type="button"
              className="department-filter"
              aria-pressed={filter === value}
              onClick={() => {
                setFilter(value);
              }}
            >
              {t(label)}
              {read.data ? (
                <span className="department-filter-count"> ({formatNumber(filterDepartments(read.data, value).length)})</span>
              ) : null}
            </button>
          ))}
        </div>

        {read.isPending ? (
          <p className="departments-status" role="status">
            {t('ministries.departmentsLoading')}
          </p>
        ) : read.isError ? (
          <div className="departments-status" role="alert">
            <p>{t('ministries.departmentsLoadFailed')}</p>
            <button type="button" className="button" onClick={() => void read.refetch()}>
              {t('ministries.tryAgain')}
            </button>
          </div>
        ) : shown.length ? (
          <ul className="department-grid" data-testid="department-grid">
            {shown.map((department) => (
              <DepartmentCard key={department.id} department={department} onContact={setContact} />
            ))}
          </ul>
        ) : (
          <p className="departments-status">{t('ministries.departmentsEmpty')}</p>
        )}
      </div>

      <ContactDepartmentModal
        department={contact}
        onClose={() => {
          setContact(null);
        }}
      />
    </div>
  );
}
