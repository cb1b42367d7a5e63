// Ticket printing: a template (paper size + positioned fields) filled with a ticket's data.
export { TicketPrint, type PrintableTemplate, type TicketPrintProps } from './ticket-print.tsx';
export { printCss, printTickets } from './print-tickets.tsx';
