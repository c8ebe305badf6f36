import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { OrderStatusDto } from '@contracts/sales';
import type { ComponentProps, ComponentType } from 'react';
import { EventLine, OrderStatusChip } from '../checkout/components';

/**
 * The top of an order's confirmation page (checkout's and an invitation's): the check mark once paid, the title,
 * the order's status and the event it is for.
 */
export function OrderHeading({
  title,
  paid,
  status,
  event,
  icon: Icon,
}: {
  title: string;
  paid: boolean;
  status: OrderStatusDto;
  event: ComponentProps<typeof EventLine>['event'];
  /** The check mark shown when paid. */
  icon: ComponentType<SvgIconProps>;
}) {
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
        {paid && <Icon color="success" sx={{ fontSize: 36 }} aria-hidden />}
        <Typography component="h1" variant="h5" sx={{ fontWeight: 800, flex: 1, minWidth: 0 }}>
          {title}
        </Typography>
        <OrderStatusChip status={status} />
      </Box>
      <Box sx={{ mb: 2 }}>
        <EventLine event={event} />
      </Box>
    </>
  );
}
