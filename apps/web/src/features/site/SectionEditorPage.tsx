import { isPageKey, PAGE_LABELS, type PageKey, pageSections } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { SectionPanel } from './SectionPanel';
import { ensurePage, pageQueryKey } from './site-api';
import './site.css';

/**
 * The page-section editor (`/layout/containers/introduction/{page}/{section}` and
 * `/layout/sections/{page}/{section}`): one collapsible panel per section of the page, the one
 * named in the address open. A missing page or section is created on this first visit.
 */
export default function SectionEditorPage() {
  const { page = '', section } = useParams();
  if (!isPageKey(page)) return <NotFoundPage />;
  return <Editor key={page} page={page} section={section} />;
}

function Editor({ page, section }: { page: PageKey; section?: string }) {
  const { data, isError } = useQuery({ queryKey: pageQueryKey(page), queryFn: () => ensurePage(page), staleTime: 60_000 });
  const defs = pageSections(page);
  const opened = defs.some((d) => d.key === section) ? section : defs[0].key;
  return (
    <div className="site-editor">
      <p className="site-editor-page">
        Page : <strong>{PAGE_LABELS[page]}</strong>
      </p>
      {isError && <p role="alert">La page n’a pas pu être chargée.</p>}
      {data && defs.map((def) => <SectionPanel key={def.key} page={page} def={def} initiallyOpen={def.key === opened} />)}
    </div>
  );
}
