/** A client as its « Suivi par » form names it. */
export interface AssignedClient {
  id: number
  username: string
  entreprise: string
}

/** One of the firm's people a client may be given to. */
export interface FirmChoice {
  id: number
  username: string
  role: 'admin' | 'staff'
  status: 'invited' | 'active'
}

/** What a client's « Suivi par » form shows: the client, the firm's people to choose from, who is ticked. */
export interface AssignmentForm {
  client: AssignedClient
  people: FirmChoice[]
  assigned: number[]
}
