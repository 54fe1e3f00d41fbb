import { useState } from 'react';
import { TenantDialog, type TenantDialogProps } from '../../src/web/features/tenant/tenant-dialog';
import { clearCitizenKey } from '../../src/web/lib/citizen-key-store';
import { fakeTenantLogic, type FakeTenantOptions } from './tenant-fakes';
import { fakeTenantServices, type FakeServicesOptions } from './tenant-service-fakes';

export type TenantDialogWithFakesProps = Omit<TenantDialogProps, 'logic' | 'services'> & {
  fake?: FakeTenantOptions;
  services?: FakeServicesOptions;
};

/** Instead of POST apikey/logout: the key is forgotten in this tab, as the real logout does after its call. */
const forgetKey = () => {
  clearCitizenKey();
  return Promise.resolve();
};

/** The real dialog driven by the real tenant-stepper machine, its calls replaced by the fakes a story names. */
export function TenantDialogWithFakes({
  fake = {},
  services: serviceOptions = {},
  ...props
}: TenantDialogWithFakesProps) {
  const [logic] = useState(() => fakeTenantLogic(fake));
  const [services] = useState(() => fakeTenantServices(serviceOptions));
  return <TenantDialog logout={forgetKey} {...props} logic={logic} services={services} />;
}
