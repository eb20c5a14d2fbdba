-- Issue 42 (review): contact-form messages stored before 0055 have no contact_email, so the
-- erasure of a customer's data (UU PDP, decision 059), which finds their messages by it
-- (customer_service_contact_email of 0058), and the admin's reply missed them. Every such message
-- was saved as 'Nama: <name>\nEmail: <address>\n\n<message>' under the title 'Pesan kontak: …'
-- (services/customer-service.ts saveContactMessage since the first contact form): the address is
-- read back from its second line. Once, over the rows still without one; a row not of that shape
-- (a staff member's own record) or whose line holds no address keeps NULL.
UPDATE customer_service
SET contact_email = parsed.email
FROM (
  SELECT id, trim(substr(rest, 1, instr(rest, char(10)) - 1)) AS email
  FROM (
    SELECT id, substr(description, instr(description, char(10) || 'Email: ') + 8) AS rest
    FROM customer_service
    WHERE contact_email IS NULL
      AND title LIKE 'Pesan kontak: %'
      AND description LIKE 'Nama: %' || char(10) || 'Email: %' || char(10) || '%'
  )
) AS parsed
WHERE customer_service.id = parsed.id
  AND parsed.email LIKE '%_@_%'
  AND length(parsed.email) <= 254;
