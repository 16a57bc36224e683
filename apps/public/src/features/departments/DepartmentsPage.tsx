import { useState } from 'react';
import { ContactLeaderModal } from '../../components/ui/ContactLeaderModal';
import { PageTitle } from '../../components/ui/Page';
import { useChurchSettings } from '../../lib/settings';
import { useDepartments, type DepartmentRow } from './api/get-departments';
import { DEPARTMENT_FILTERS, filterDepartments, type DepartmentFilter } from './filters';
import './departments.css';

const CATEGORY_LABEL: Record<string, string> = { administrative: 'Administrative', ministry: 'Ministry' };

function DepartmentCard({ department, onContact }: { department: DepartmentRow; onContact: (department: DepartmentRow) => void }) {
  return (
    <li className="department-card" style={{ borderTopColor: department.color ?? '#123c69' }}>
      <span className="department-badge">{CATEGORY_LABEL[department.category] ?? department.category}</span>
      <h3>{department.name}</h3>
      {department.head ? (
        <p className="department-head">
          <span>Head</span> {department.head}
        </p>
      ) : null}
      {department.description ? <p className="department-description">{department.description}</p> : null}
      {department.responsibilities.length ? (
        <>
          <h4>Key Responsibilities</h4>
          <ul className="department-duties">
            {department.responsibilities.map((duty) => (
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
        aria-label={`Contact Department: ${department.name}`}
      >
        Contact Department
      </button>
    </li>
  );
}

/** Contact Department (spec §2): a Send Message form addressed to the department head. */
function ContactDepartmentModal({ department, onClose }: { department: DepartmentRow | null; onClose: () => void }) {
  return (
    <ContactLeaderModal
      title={department ? `Contact ${department.name}` : ''}
      recipient={
        department ? { name: department.head ?? department.name, role: 'Department Head', department: department.name } : null
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
      <PageTitle title="Church Departments" />
      <header className="departments-hero">
        <h1>Church Departments</h1>
        <p>
          The departments of {settings.name} keep the church running and its mission moving: administration, worship, teaching,
          care and outreach.
        </p>
      </header>

      <div className="departments-wrap">
        <div className="department-filters" role="group" aria-label="Filter departments">
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
              {label}
              {read.data ? <span className="department-filter-count"> ({filterDepartments(read.data, value).length})</span> : null}
            </button>
          ))}
        </div>

        {read.isPending ? (
          <p className="departments-status" role="status">
            Loading departments…
          </p>
        ) : read.isError ? (
          <div className="departments-status" role="alert">
            <p>We could not load the departments just now.</p>
            <button type="button" className="button" onClick={() => void read.refetch()}>
              Try again
            </button>
          </div>
        ) : shown.length ? (
          <ul className="department-grid" data-testid="department-grid">
            {shown.map((department) => (
              <DepartmentCard key={department.id} department={department} onContact={setContact} />
            ))}
          </ul>
        ) : (
          <p className="departments-status">No departments to show here yet.</p>
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
