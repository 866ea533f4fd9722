import { useState } from 'react';
import { Pagination } from '../../../components/ui/pagination';
import { Example, Showcase } from './showcase';

export const PaginationDemo = () => {
  const [page, setPage] = useState(1);
  const [smallPage, setSmallPage] = useState(1);
  return (
    <Showcase
      title="Pagination"
      description="A window of five pages around the current one, with the first and last page, and ellipses where pages are skipped."
    >
      <Example label="237 leads, 20 per page" className="block">
        <Pagination page={page} count={237} pageSize={20} onPageChange={setPage} />
      </Example>
      <Example label="A short list" className="block">
        <Pagination page={smallPage} count={45} pageSize={20} onPageChange={setSmallPage} />
      </Example>
      <Example label="Empty" className="block">
        <Pagination page={1} count={0} pageSize={20} onPageChange={() => undefined} />
      </Example>
    </Showcase>
  );
};
