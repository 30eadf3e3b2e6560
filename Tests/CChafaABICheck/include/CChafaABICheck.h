// Nothing to call: building this target is the check (abi_check.c).
int photorepl_chafa_abi_checked(void);
