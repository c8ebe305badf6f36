import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Colours of the charts: the theme's orange first, then calm ones that stay apart for colour-blind readers. */
export const CHART_COLORS = ['#ee6932', '#1f77b4', '#2ca02c', '#9467bd', '#8c564b', '#7f7f7f'];

/** A titled chart card (an accessible label on the figure, the table of values is on the page too). */
export function ChartCard({ title, children, empty, emptyText, testId }: { title: string; children: ReactNode; empty?: boolean; emptyText: string; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {empty ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {emptyText}
        </Typography>
      ) : (
        <Box role="img" aria-label={title} sx={{ height: 260 }}>
          {children}
        </Box>
      )}
    </Paper>
  );
}

/** A bar chart of one value per label; `format` writes the values (money, counts). */
export function SimpleBars({ data, name, format, color = CHART_COLORS[0] }: { data: { label: string; value: number }[]; name: string; format: (v: number) => string; color?: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} />
        <YAxis tick={{ fontSize: 12 }} tickFormatter={(v: number) => format(v)} width={80} />
        <Tooltip cursor={{ fill: 'rgba(0,0,0,0.04)' }} formatter={(v) => format(Number(v))} />
        <Bar dataKey="value" name={name} fill={color} radius={[6, 6, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
