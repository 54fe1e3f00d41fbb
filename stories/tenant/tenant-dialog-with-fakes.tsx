import { useState } from 'react';
import { TenantDialog, type TenantDialogProps } from '../../src/web/features/tenant/tenant-dialog';
import { fakeTenantLogic, type FakeTenantOptions } from './tenant-fakes';
import { fakeTenantServices, type FakeServicesOptions } from './tenant-service-fakes';

export type TenantDialogWithFakesProps = Omit<TenantDialogProps, 'logic' | 'services'> & {
  fake?: FakeTenantOptions;
  services?: FakeServicesOptions;
};

/** The real dialog driven by the real tenant-stepper machine, its calls replaced by the fakes a story names. */
export function TenantDialogWithFakes({
  fake = {},
  services: serviceOptions = {},
  ...props
}: TenantDialogWithFakesProps) {
  const [logic] = useState(() => fakeTenantLogic(fake));
  const [services] = useState(() => fakeTenantServices(serviceOptions));
  return <TenantDialog {...props} logic={logic} services={services} />;
}
