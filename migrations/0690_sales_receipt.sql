-- The receipt the buyer asked for at checkout (a boleta, or a factura with RUC, business name and address);
-- NULL until chosen. Filled by the sales.orders projection from sales.AttendeesSet.
ALTER TABLE sales_orders ADD COLUMN receipt jsonb;
