import { useMemo } from 'react';
import { ADM_TYPE } from '../../shared/dict/account.ts';
import { useUser } from '../lib/session.ts';
import type { Dict } from './dict-tag.tsx';
import { distributorDict, useDistributors } from './distributors.ts';
import { ListPage, type ListPageDefinition } from './list-page/index.ts';
import type { Row } from './list-page/types.ts';

/**
 * A list that staff and distributors' accounts (admType 3) share: staff see every distributor's rows
 * with a distributor filter (`distributors`, once loaded) and column; a distributor's account sees
 * its own, which the server filters, without them. `definitionFor` is a module-level function.
 */
export function DistributorScopedList<T extends Row>({
  definitionFor,
}: {
  definitionFor: (staff: boolean, distributors: Dict | null) => ListPageDefinition<T>;
}) {
  const staff = useUser()?.admType !== ADM_TYPE.distributor;
  const distributors = useDistributors(staff);
  const definition = useMemo(
    () =>
      staff
        ? definitionFor(true, distributors ? distributorDict(distributors) : null)
        : definitionFor(false, null),
    [staff, distributors, definitionFor],
  );
  return <ListPage key={staff ? 'staff' : 'own'} definition={definition} />;
}
